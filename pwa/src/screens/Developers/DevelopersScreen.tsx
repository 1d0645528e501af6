import {
  API_REFERENCE,
  API_TOKEN_SCOPE_ENDPOINTS,
  WS_CLIENT_MESSAGES,
  WS_CLOSE_MEANINGS,
  WS_SERVER_MESSAGES,
} from '@shabaash/shared/apiReference';
import { WS_CLOSE } from '@shabaash/shared/wsProtocol';
import { BOT_HELLO_DESCRIPTION, BOT_SOCKET_EXAMPLE } from '@shabaash/shared/botProtocol';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_MEANINGS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_VERIFY_EXAMPLE,
} from '@shabaash/shared/webhookProtocol';
import './developers.css';

/** Terms in code type with what each means. */
function Glossary({ entries }: { entries: Array<[string, string]> }) {
  return (
    <dl className="developers-list">
      {entries.map(([term, meaning]) => (
        <div key={term}>
          <dt>
            <code>{term}</code>
          </dt>
          <dd>{meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

const AUTH_LABEL = { public: 'None', user: 'Session', creator: 'Creator session' } as const;

/** /developers: the public API reference (prerendered, no data fetching: everything comes from shared/). */
export function DevelopersScreen() {
  return (
    <article className="page container developers" aria-labelledby="developers-title">
      <p className="eyebrow">Developers</p>
      <h1 id="developers-title" className="page-title">
        Build on Shabaash
      </h1>
      <p>
        Wire rupee tips into your bot, lights and sound board. The full machine-readable contract is the
        OpenAPI 3.1 document at <a href="/api/openapi.json">/api/openapi.json</a>, generated from the same
        schemas the server validates with. Every error answers <code>{'{ code, message, field? }'}</code>.
      </p>
      <nav aria-label="On this page">
        <ul className="developers-toc">
          <li>
            <a href="#http">HTTP endpoints</a>
          </li>
          <li>
            <a href="#tokens">API tokens</a>
          </li>
          <li>
            <a href="#realtime">Realtime socket</a>
          </li>
          <li>
            <a href="#webhooks">Webhooks</a>
          </li>
          <li>
            <a href="#bots">Events socket for bots</a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="http">
        <h2 id="http">HTTP endpoints</h2>
        <p>
          All paths are under <code>/api</code>. Signed-in calls send{' '}
          <code>Authorization: Bearer &lt;token&gt;</code>.
        </p>
        <div className="developers-scroll" role="region" aria-label="Endpoints" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Method</th>
                <th scope="col">Path</th>
                <th scope="col">Auth</th>
                <th scope="col">What it does</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(API_REFERENCE).map(([name, entry]) => (
                <tr key={name}>
                  <td>
                    <code>{entry.method}</code>
                  </td>
                  <td>
                    <code>/api{entry.path}</code>
                  </td>
                  <td>{AUTH_LABEL[entry.auth]}</td>
                  <td>{entry.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="tokens">
        <h2 id="tokens">API tokens</h2>
        <p>
          For bots and tools, make a token in the Creator Suite (<strong>API tokens</strong>): name it, choose
          its scopes, and copy it once: we keep only its hash. Send it as{' '}
          <code>Authorization: Bearer shb_…</code>. A token reaches only your own data, is rate-limited on its
          own, shows when it was last used, and stops working the moment you revoke it.
        </p>
        <Glossary
          entries={Object.entries(API_TOKEN_SCOPE_ENDPOINTS).map(([scope, names]) => [
            scope,
            names.length > 0
              ? names
                  .map((name) => `${API_REFERENCE[name].method} /api${API_REFERENCE[name].path}`)
                  .join(', ')
              : scope === 'events:subscribe'
                ? 'The events socket for bots (below).'
                : 'Payout reads, when payouts arrive.',
          ])}
        />
      </section>

      <section aria-labelledby="realtime">
        <h2 id="realtime">Realtime socket</h2>
        <p>
          Open a WebSocket to <code>/ws</code> and send <code>hello</code> first. The server answers{' '}
          <code>welcome</code>, then every event after the versions you sent in <code>since</code>, in version
          order, then live events. Deduplicate by space and version.
        </p>
        <h3>You send</h3>
        <Glossary entries={Object.entries(WS_CLIENT_MESSAGES)} />
        <h3>You receive</h3>
        <Glossary entries={Object.entries(WS_SERVER_MESSAGES)} />
        <h3>Close codes</h3>
        <Glossary
          entries={(Object.keys(WS_CLOSE) as (keyof typeof WS_CLOSE)[]).map((name) => [
            String(WS_CLOSE[name]),
            WS_CLOSE_MEANINGS[name],
          ])}
        />
      </section>

      <section aria-labelledby="webhooks">
        <h2 id="webhooks">Webhooks</h2>
        <p>
          Each delivery is a JSON <code>POST</code> with an event <code>id</code>, the <code>event</code>{' '}
          name, a <code>createdAt</code> timestamp and its <code>data</code>. The{' '}
          <code>{WEBHOOK_SIGNATURE_HEADER}</code> header is the hex HMAC-SHA256 of the raw body with your
          endpoint&apos;s secret, the same style as Razorpay&apos;s webhooks.{' '}
          <code>{WEBHOOK_EVENT_ID_HEADER}</code> repeats the event id: a retry carries the same id, so ignore
          ids you have already handled.
        </p>
        <Glossary entries={Object.entries(WEBHOOK_EVENT_MEANINGS)} />
        <h3>Verify the signature in Node</h3>
        <div
          className="developers-code"
          role="region"
          aria-label="Signature verification in Node"
          tabIndex={0}
        >
          <pre>
            <code>{WEBHOOK_VERIFY_EXAMPLE}</code>
          </pre>
        </div>
      </section>

      <section aria-labelledby="bots">
        <h2 id="bots">Events socket for bots</h2>
        <p>
          No public URL or tunnel needed: your bot opens the socket itself. Make a token with the{' '}
          <code>events:subscribe</code> scope and send it in <code>hello</code>:
        </p>
        <div className="developers-code" role="region" aria-label="Bot hello" tabIndex={0}>
          <pre>
            <code>{'{ "type": "hello", "token": "shb_…", "since": { "creator:<id>": 41 } }'}</code>
          </pre>
        </div>
        <p>{BOT_HELLO_DESCRIPTION}</p>
        <h3>Example client in plain JavaScript</h3>
        <p>
          It prints each tip as it goes live (<code>tip.live</code>), reconnects with backoff and catches up
          on what it missed.
        </p>
        <div className="developers-code" role="region" aria-label="Example bot client" tabIndex={0}>
          <pre>
            <code>{BOT_SOCKET_EXAMPLE}</code>
          </pre>
        </div>
      </section>
    </article>
  );
}
