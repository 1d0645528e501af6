import type { AddressInfo } from 'node:net';
import { createControls, type YouTubeSimulatorControls } from './controls.ts';
import { createSimulatorServer, SIM_PATHS } from './server.ts';
import type { SimState } from './state.ts';

export type { YouTubeSimulatorControls, SuperChatInput, SuperStickerInput } from './controls.ts';
export type { SimChatMessage } from './state.ts';
export { SIM_PATHS } from './server.ts';

export interface YouTubeSimulatorOptions {
  /** The OAuth client the simulator accepts (id and secret, as in a Google Cloud project). */
  clientId: string;
  clientSecret: string;
  port?: number;
}

export interface YouTubeSimulator {
  /** `http://127.0.0.1:PORT/`: the Data API client's rootUrl. */
  rootUrl: string;
  port: number;
  /** The OAuth endpoints, in google-auth-library's OAuth2ClientEndpoints names. */
  endpoints: {
    oauth2AuthBaseUrl: string;
    oauth2TokenUrl: string;
    oauth2RevokeUrl: string;
    tokenInfoUrl: string;
  };
  controls: YouTubeSimulatorControls;
  stop(): Promise<void>;
}

/** The OAuth endpoints and Data API root of a simulator listening at `base` (`http://127.0.0.1:PORT`). */
export function simulatorAddresses(base: string): Pick<YouTubeSimulator, 'rootUrl' | 'endpoints'> {
  return {
    rootUrl: `${base}/`,
    endpoints: {
      oauth2AuthBaseUrl: `${base}${SIM_PATHS.authorize}`,
      oauth2TokenUrl: `${base}${SIM_PATHS.token}`,
      oauth2RevokeUrl: `${base}${SIM_PATHS.revoke}`,
      tokenInfoUrl: `${base}${SIM_PATHS.tokenInfo}`,
    },
  };
}

/**
 * Starts an in-process Google look-alike on 127.0.0.1: the OAuth 2.0 consent page, token (authorization_code with
 * PKCE, refresh_token) and revoke endpoints, and the YouTube Data API's channels, liveBroadcasts and
 * liveChatMessages list, with Google's error shapes. `controls` make it go live, send paid messages and fail.
 */
export async function startYouTubeSimulator(opts: YouTubeSimulatorOptions): Promise<YouTubeSimulator> {
  const state: SimState = {
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    channels: new Map(),
    codes: new Map(),
    grants: new Map(),
    accessTokens: new Map(),
    broadcasts: new Map(),
    failures: [],
    pollingIntervalMillis: 1000,
    calls: [],
  };
  const controls = createControls(state);
  const server = createSimulatorServer(state, controls);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    ...simulatorAddresses(`http://127.0.0.1:${port}`),
    port,
    controls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
