// Entry of the creator sockets' thread (bench/load/receivers.ts): worker threads do not inherit the parent's tsx loader
// hooks, so this plain-JavaScript entry registers tsx and then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./receiverWorker.ts');
