import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { contractRouter } from '../../http/contract.ts';
import { findDefaultCreator } from '../creators/creators.repository.ts';
import { landingTipsFigure } from './landingTips.ts';

/** GET /api/config: what the PWA needs at boot (public; no secrets). */
export function configRoutes({ db, config, checkout }: AppDeps): Router {
  const { router, route } = contractRouter(config);
  const tipsFigure = landingTipsFigure(db, config.LANDING_TIPS_FIGURE);
  route('config', async ({ ctx }) => {
    const [found, figure] = await Promise.all([findDefaultCreator(db, config), tipsFigure()]);
    const creator = found?.deletedAt ? null : found; // a deleted default creator takes no tips: no guest form
    const emulatorHost = config.authEmulator ? config.FIREBASE_AUTH_EMULATOR_HOST : undefined;
    ctx.set('Cache-Control', 'no-store');
    return {
      sandbox: config.paymentsSandbox,
      razorpayKeyId: checkout.keyId,
      checkoutScriptUrl: checkout.scriptUrl,
      firebase: {
        apiKey: config.FIREBASE_API_KEY,
        projectId: config.FIREBASE_PROJECT_ID,
        authDomain: `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
        emulatorUrl: emulatorHost ? `http://${emulatorHost}` : null,
      },
      contactEmail: config.CONTACT_EMAIL,
      landingTipsFigure: figure,
      defaultCreator: creator ? { handle: creator.handle, displayName: creator.displayName } : null,
      legal: {
        walletMode: config.legal.walletMode,
        minimumAgeWithoutConsent: config.legal.minimumAgeWithoutConsent,
        minorMonthlyCapPaise: config.legal.minorMonthlyCapPaise,
      },
    };
  });
  return router;
}
