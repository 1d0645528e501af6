import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrerenderedField } from './usePrerenderedField.ts';

function Form() {
  const message = usePrerenderedField();
  return (
    <form>
      <label htmlFor="message">Message</label>
      <textarea id="message" {...message.inputProps} />
      <output data-testid="count">{message.value.length}</output>
      <button type="button" onClick={() => message.set('')}>
        Clear
      </button>
    </form>
  );
}

// Tells React this is a test environment that wraps updates in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('usePrerenderedField', () => {
  let root: Root | null = null;
  let container: HTMLDivElement;

  afterEach(() => {
    act(() => root?.unmount());
    container.remove();
  });

  function prerender(): HTMLTextAreaElement {
    container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    return container.querySelector('textarea') as HTMLTextAreaElement;
  }

  it('keeps what was typed into the prerendered HTML before hydration and counts it', async () => {
    const textarea = prerender();
    textarea.value = 'typed on a slow phone';
    await act(async () => {
      root = hydrateRoot(container, <Form />);
    });
    expect(textarea.value).toBe('typed on a slow phone');
    expect(container.querySelector('output')?.textContent).toBe(String('typed on a slow phone'.length));
  });

  it('set() clears both the field and the mirrored value', async () => {
    const textarea = prerender();
    textarea.value = 'Jai ho';
    await act(async () => {
      root = hydrateRoot(container, <Form />);
    });
    await act(async () => {
      container.querySelector('button')?.click();
    });
    expect(textarea.value).toBe('');
    expect(container.querySelector('output')?.textContent).toBe('0');
  });
});
