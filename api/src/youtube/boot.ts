import { ENDPOINTS } from '@shabaash/shared';
import type { Config } from '../config.ts';
import type { StopList } from '../shutdown.ts';
import { startPart } from '../startupError.ts';
import { createGoogleOAuth, type YouTubeOAuth } from './google.ts';
import { simulatorAddresses, startYouTubeSimulator, type YouTubeSimulator } from './simulator/index.ts';

/** The simulator's OAuth client (public: it only ever talks to the loopback simulator). */
export const SANDBOX_GOOGLE_CLIENT_ID = 'shabaash-sandbox.apps.googleusercontent.com';
export const SANDBOX_GOOGLE_CLIENT_SECRET = 'sandbox-google-client-secret';

/** Where Google sends the creator back: a PWA route, which hands code and state to the API. */
export const YOUTUBE_CALLBACK_PATH = ENDPOINTS.youtubeCallback.path;

export interface YouTubeRuntime {
  /** Null when YouTube is off (production without a Google client). */
  oauth: YouTubeOAuth | null;
  simulator: YouTubeSimulator | null;
  mode: string;
  stop(): Promise<void>;
}

/**
 * Google itself with GOOGLE_OAUTH_CLIENT_ID/SECRET; otherwise (outside production) the same client over the local
 * YouTube simulator. `appUrl` is the PWA's origin, for the default redirect URL.
 */
export async function startYouTube(config: Config, appUrl: () => string): Promise<YouTubeRuntime> {
  const redirectUrl = () => config.GOOGLE_OAUTH_REDIRECT_URL ?? `${appUrl()}${YOUTUBE_CALLBACK_PATH}`;
  if (config.youtubeMode === 'off')
    return {
      oauth: null,
      simulator: null,
      mode: 'off (no GOOGLE_OAUTH_CLIENT_ID)',
      stop: () => Promise.resolve(),
    };
  if (config.youtubeMode === 'google' && config.GOOGLE_OAUTH_CLIENT_ID && config.GOOGLE_OAUTH_CLIENT_SECRET) {
    return {
      oauth: createGoogleOAuth({
        clientId: config.GOOGLE_OAUTH_CLIENT_ID,
        clientSecret: config.GOOGLE_OAUTH_CLIENT_SECRET,
        redirectUrl,
      }),
      simulator: null,
      mode: 'Google (OAuth client set)',
      stop: () => Promise.resolve(),
    };
  }
  if (config.YOUTUBE_SIMULATOR_URL) {
    const base = new URL(config.YOUTUBE_SIMULATOR_URL).origin;
    return {
      oauth: createGoogleOAuth({
        clientId: SANDBOX_GOOGLE_CLIENT_ID,
        clientSecret: SANDBOX_GOOGLE_CLIENT_SECRET,
        redirectUrl,
        ...simulatorAddresses(base),
      }),
      simulator: null,
      mode: `YouTube simulator at ${base}/ (sandbox, YOUTUBE_SIMULATOR_URL)`,
      stop: () => Promise.resolve(),
    };
  }
  const simulator = await startYouTubeSimulator({
    clientId: SANDBOX_GOOGLE_CLIENT_ID,
    clientSecret: SANDBOX_GOOGLE_CLIENT_SECRET,
  });
  return {
    oauth: createGoogleOAuth({
      clientId: SANDBOX_GOOGLE_CLIENT_ID,
      clientSecret: SANDBOX_GOOGLE_CLIENT_SECRET,
      redirectUrl,
      endpoints: simulator.endpoints,
      rootUrl: simulator.rootUrl,
    }),
    simulator,
    mode: `YouTube simulator at ${simulator.rootUrl} (sandbox)`,
    stop: () => simulator.stop(),
  };
}

/**
 * Start-up's YouTube part (server.ts): starts it as a named part with its fix, and registers its stop. The redirect
 * URL defaults to PUBLIC_URL, else this instance's own port.
 */
export async function startYouTubePart(
  config: Config,
  port: () => number,
  stops: StopList,
): Promise<YouTubeRuntime> {
  const youtube = await startPart(
    'YouTube simulator',
    'Set GOOGLE_OAUTH_CLIENT_ID and GOOGLE_OAUTH_CLIENT_SECRET to use Google instead of the simulator',
    () => startYouTube(config, () => config.PUBLIC_URL ?? `http://localhost:${port()}`),
  );
  stops.add('YouTube simulator', () => youtube.stop());
  return youtube;
}
