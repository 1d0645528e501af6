// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shabaash/shared';
import { CopyLinkRow } from './CopyLinkRow.tsx';

function setClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

function renderRow() {
  render(
    <CopyLinkRow
      link="https://x.test/overlay?key=k"
      fieldLabel="Link"
      copyLabel="Copy"
      copiedLabel="Copied!"
    />,
  );
}

afterEach(cleanup);

describe('CopyLinkRow', () => {
  it('shows the link in a named read-only field and copies it, saying Copied!', async () => {
    const copied: string[] = [];
    setClipboard(async (text) => void copied.push(text));
    renderRow();
    const field = screen.getByRole('textbox', { name: 'Link' }) as HTMLInputElement;
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe('https://x.test/overlay?key=k');
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(copied).toEqual(['https://x.test/overlay?key=k']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the clipboard was refused, and the button stays Copy', async () => {
    setClipboard(() => Promise.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' })));
    renderRow();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.clipboardDenied);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});
