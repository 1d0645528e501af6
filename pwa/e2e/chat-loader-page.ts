import type { Locator, Page } from 'playwright-core';

/** Page model of the Chat Loader (/creator/chat-control). */
export class ChatLoaderPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/creator/chat-control`);
    await this.page.getByRole('heading', { name: 'Chat Loader' }).waitFor();
  }

  /** The list row (table row or stacked card) of the chat from `name`. */
  row(name: string): Locator {
    return this.page
      .getByTestId('chat-row')
      .filter({ has: this.page.locator('.cl-name', { hasText: name }) });
  }

  async hasRow(name: string): Promise<boolean> {
    return (await this.row(name).count()) > 0;
  }

  async badge(name: string): Promise<string> {
    return (await this.row(name).locator('.status-badge').textContent()) ?? '';
  }

  async presence(): Promise<string> {
    return (await this.page.getByTestId('overlay-presence').textContent()) ?? '';
  }

  async showOnLive(name: string): Promise<void> {
    await this.row(name).getByRole('button', { name: 'Show on live' }).click();
  }

  /** Clicks Delete and answers the confirmation; returns the confirmation text the browser showed. */
  async deleteChat(name: string, accept = true): Promise<string> {
    let text = '';
    // The confirm() blocks the page until answered, so answer it from the dialog event itself.
    this.page.once('dialog', (dialog) => {
      text = dialog.message();
      void (accept ? dialog.accept() : dialog.dismiss());
    });
    await this.row(name).getByRole('button', { name: 'Delete' }).click();
    return text;
  }

  /** Banner texts (info and error) above the list. */
  async banners(): Promise<string[]> {
    return this.page.locator('.cl-banner').allTextContents();
  }

  async scrollWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }
}

/** Page model of the bare overlay (/overlay?key=…&display=1). */
export class OverlayPage {
  constructor(readonly page: Page) {}

  card(): Locator {
    return this.page.locator('.ov-card');
  }

  async text(): Promise<string> {
    return (await this.card().textContent()) ?? '';
  }

  async accent(): Promise<string> {
    return this.card().evaluate((el) => (el as HTMLElement).style.getPropertyValue('--ov-accent'));
  }

  async borderColor(): Promise<string> {
    return this.card().evaluate((el) => getComputedStyle(el).borderLeftColor);
  }
}
