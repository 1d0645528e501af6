// The type of the local plugin (eslint/layers.js is plain JavaScript, loaded by eslint.config.js as it is).
import type { ESLint } from 'eslint';

declare const layers: ESLint.Plugin;
export default layers;
