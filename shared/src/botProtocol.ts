// Zod-free on purpose: the /developers page imports it (`@shabaash/shared/botProtocol`).

/** How a bot presents a creator API token on /ws, for /developers and the OpenAPI document. */
export const BOT_HELLO_DESCRIPTION =
  'A bot opens /ws and sends `{"type":"hello","token":"shb_…","since":{…}}` with a creator API token that holds the ' +
  '`events:subscribe` scope. The token goes in the hello message, never in the URL, so it stays out of proxy and access logs. ' +
  "The bot joins only its creator's own room (`creator:<id>`), with the same catch-up by version as the app: keep the " +
  'highest `version` you handled per `space` and send it back in `since` when you reconnect. A token without the scope is ' +
  'closed with 4008, a revoked one with 4001 (at once, also on open sockets); do not reconnect after either. ' +
  'Each token holds at most 5 sockets, and each hello counts as one request of its 120 a minute. ' +
  'When an OBS overlay puts a live tip on air, the bot gets `tip:aired` (the tip with `aired`: when, and whether its sound played).';

/**
 * The example client /developers prints. realtime/botSocket.test.ts runs this very text against the API, so the
 * documented client is the tested one. `URL` and `TOKEN` are the two lines to edit.
 */
export const BOT_SOCKET_EXAMPLE = `// Node 22+ or a browser (older Node: import WebSocket from 'ws').
const URL = 'wss://YOUR-SHABAASH-HOST/ws';
const TOKEN = 'shb_…'; // an API token with the events:subscribe scope
const since = {}; // the last version seen per space: save it to catch up after a restart
const live = new Set(); // tips already announced live

function connect() {
  const ws = new WebSocket(URL);
  ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token: TOKEN, since }));
  ws.onmessage = (event) => {
    const msg = JSON.parse(event.data);
    if (!msg.space || msg.version <= (since[msg.space] ?? 0)) return; // welcome, pong, or seen
    since[msg.space] = msg.version;
    const tip = msg.data;
    // tip:aired (an overlay put it on air) may be the first you hear of a tip pushed live while you were away.
    if (msg.type.startsWith('tip:') && tip.status === 'read' && !live.has(tip.id)) {
      live.add(tip.id);
      console.log(\`tip.live ₹\${tip.amount} from \${tip.name}: \${tip.message}\`);
    }
    if (msg.type === 'tip:aired') console.log(\`tip.aired \${tip.name}: on air, sound \${tip.aired.sound}\`);
  };
  ws.onclose = (event) => {
    if (event.code === 4001 || event.code === 4008) return console.error('Token refused:', event.reason);
    setTimeout(connect, 1000 + Math.random() * 4000); // reconnect and catch up from since
  };
}
connect();
`;
