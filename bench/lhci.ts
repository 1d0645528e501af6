import { spawn } from 'node:child_process';
import { startProduct } from '../api/test/product.ts';

/**
 * `npm run lhci`: starts the product as `npm start` does on port 8099 (the URLs in lighthouserc.json), then runs
 * Lighthouse CI with Debian's Chromium and its assertions. Exits non-zero when an assertion fails.
 */
async function main(): Promise<void> {
  // Seeded as a first sandbox start is (demo creator, sample tips): the guest page then asks for a real creator's
  // minimum, as it does for every visitor; on an empty database that call is a 404 that Lighthouse counts as a
  // console error.
  const product = await startProduct({ PORT: '8099', SANDBOX_SEED: 'true' });
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
