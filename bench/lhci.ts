import { spawn } from 'node:child_process';
import { startProduct } from '../api/test/product.ts';

/**
 * `npm run lhci`: starts the product as `npm start` does on port 8099 (the URLs in lighthouserc.json), then runs
 * Lighthouse CI with Debian's Chromium and its assertions. Exits non-zero when an assertion fails.
 */
async function main(): Promise<void> {
  const product = await startProduct({ PORT: '8099', SANDBOX_SEED: 'false' });
  let code = 1;
  try {
    code = await new Promise<number>((resolve) => {
      const child = spawn('npx', ['lhci', 'autorun', '--config=lighthouserc.json'], {
        stdio: 'inherit',
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      });
      child.on('exit', (c) => resolve(c ?? 1));
    });
  } finally {
    await product.stop();
  }
  process.exit(code);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
