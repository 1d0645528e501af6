import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);

/**
 * `.js` when this is the compiled API (`npm run build` writes api/dist/api/src/*.js, which `npm start` runs with
 * plain node), `.ts` under tsx (`npm run dev`, the tests' products) and Vitest. Files the API opens by path
 * (migrations, the webhook worker's entry) have this extension.
 */
export const MODULE_EXT = path.extname(HERE);

/** The checkout's root (package.json, pwa/dist), from api/src or from api/dist/api/src. */
export const REPO_ROOT = path.resolve(path.dirname(HERE), MODULE_EXT === '.js' ? '../../../..' : '../..');
