// The compiled catalogues served by cataloguePlugin.ts.
declare module 'virtual:shabaash-messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
