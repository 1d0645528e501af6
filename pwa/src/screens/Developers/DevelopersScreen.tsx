import {
  ENDPOINTS,
  apiUrl,
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
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_VERIFY_EXAMPLE,
} from '@shabaash/shared/webhookProtocol';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import './developers.css';
import { richText, useT } from '../../i18n/i18n.tsx';

/** Terms in code type with what each means (`lang="en"` when the meanings are the English reference). */
function Glossary({ entries, lang }: { entries: Array<[string, string]>; lang?: 'en' }) {
  return (
    <dl className="developers-list" lang={lang}>
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

/** The creators' API: the operator console's own endpoints (/ops, its sign-in too) are in the OpenAPI document, not on this page. */
const LISTED = Object.entries(ENDPOINTS).filter(
  ([, entry]) => entry.auth !== 'operator' && !entry.path.startsWith('/ops/'),
);
/** The page's sections, in order: each is an anchor and a `dev.<section>` heading. */
const TOC = ['http', 'tokens', 'realtime', 'webhooks', 'bots'] as const;
const AUTH_LABEL = { public: 'dev.auth.public', user: 'dev.auth.user', creator: 'dev.auth.creator' } as const;
/** Inline code in a translated paragraph: every tag of the message renders as <code>. */
const code = (text: string) => <code>{text}</code>;
const codeTags = (...names: string[]) => Object.fromEntries(names.map((name) => [name, code]));

/** /developers: the public API reference (prerendered, no data fetching: everything comes from shared/). */
export function DevelopersScreen() {
  const { t, language } = useT();
  const endpointColumns: Array<Column<(typeof LISTED)[number]>> = [
    { header: t('dev.col.method'), cell: ([, entry]) => <code>{entry.method}</code> },
    { header: t('dev.col.path'), cell: ([, entry]) => <code>/api{entry.path}</code> },
    { header: t('dev.col.auth'), cell: ([, entry]) => t(AUTH_LABEL[entry.auth as keyof typeof AUTH_LABEL]) },
    { header: t('dev.col.what'), cell: ([, entry]) => <span lang="en">{entry.summary}</span> },
  ];
  return (
    <article className="page container developers" aria-labelledby="developers-title">
      <p className="eyebrow">{t('dev.eyebrow')}</p>
      <h1 id="developers-title" className="page-title">
        {t('dev.title')}
      </h1>
      <p>
        {richText(
          'dev.intro',
          { openapi: (text) => <a href={apiUrl('openApi')}>{text}</a>, code },
          { envelope: '{ code, message, field? }' },
        )}
      </p>
      <nav aria-label={t('dev.toc')}>
        <ul className="developers-toc">
          {TOC.map((section) => (
            <li key={section}>
              <a href={`#${section}`}>{t(`dev.${section}`)}</a>
            </li>
          ))}
        </ul>
      </nav>

      {/* The reference itself (summaries, messages, events, examples) is generated from shared/ in English, like the
          OpenAPI document: marked lang="en" so screen readers pronounce it right (docs/HINDI.md says why). */}
      {language === 'en' ? null : <p className="muted">{t('dev.referenceInEnglish')}</p>}

      <section aria-labelledby="http">
        <h2 id="http">{t('dev.http')}</h2>
        <p>{richText('dev.http.body', { code })}</p>
        <DataTable
          region={t('dev.endpoints')}
          columns={endpointColumns}
          rows={LISTED}
          rowKey={([name]) => name}
        />
      </section>

      <section aria-labelledby="tokens">
        <h2 id="tokens">{t('dev.tokens')}</h2>
        <p>{richText('dev.tokens.body', { code, b: (text) => <strong>{text}</strong> })}</p>
        <Glossary
          entries={Object.entries(API_TOKEN_SCOPE_ENDPOINTS).map(([scope, names]) => [
            scope,
            names.length > 0
              ? names.map((name) => `${ENDPOINTS[name].method} /api${ENDPOINTS[name].path}`).join(', ')
              : t('dev.tokens.events'),
          ])}
        />
      </section>

      <section aria-labelledby="realtime">
        <h2 id="realtime">{t('dev.realtime')}</h2>
        <p>{richText('dev.realtime.body', codeTags('code', 'hello', 'welcome', 'since'))}</p>
        <h3>{t('dev.send')}</h3>
        <Glossary entries={Object.entries(WS_CLIENT_MESSAGES)} lang="en" />
        <h3>{t('dev.receive')}</h3>
        <Glossary entries={Object.entries(WS_SERVER_MESSAGES)} lang="en" />
        <h3>{t('dev.closeCodes')}</h3>
        <Glossary
          entries={(Object.keys(WS_CLOSE) as (keyof typeof WS_CLOSE)[]).map((name) => [
            String(WS_CLOSE[name]),
            WS_CLOSE_MEANINGS[name],
          ])}
          lang="en"
        />
      </section>

      <section aria-labelledby="webhooks">
        <h2 id="webhooks">{t('dev.webhooks')}</h2>
        <p>
          {richText(
            'dev.webhooks.body',
            codeTags('post', 'id', 'event', 'created', 'data', 'code', 'code2', 'code3'),
            {
              signatureHeader: WEBHOOK_SIGNATURE_HEADER,
              timestampHeader: WEBHOOK_TIMESTAMP_HEADER,
              eventIdHeader: WEBHOOK_EVENT_ID_HEADER,
              minutes: WEBHOOK_TOLERANCE_SECONDS / 60,
            },
          )}
        </p>
        <Glossary entries={Object.entries(WEBHOOK_EVENT_MEANINGS)} lang="en" />
        <h3>{t('dev.verify')}</h3>
        <div className="developers-code" role="region" aria-label={t('dev.verifyRegion')} tabIndex={0}>
          <pre lang="en">
            <code>{WEBHOOK_VERIFY_EXAMPLE}</code>
          </pre>
        </div>
      </section>

      <section aria-labelledby="bots">
        <h2 id="bots">{t('dev.bots')}</h2>
        <p>{richText('dev.bots.body', codeTags('code', 'hello'))}</p>
        <div className="developers-code" role="region" aria-label={t('dev.bots.helloRegion')} tabIndex={0}>
          <pre lang="en">
            <code>{'{ "type": "hello", "token": "shb_…", "since": { "creator:<id>": 41 } }'}</code>
          </pre>
        </div>
        <p lang="en">{BOT_HELLO_DESCRIPTION}</p>
        <h3>{t('dev.bots.example')}</h3>
        <p>{richText('dev.bots.exampleBody', { code })}</p>
        <div className="developers-code" role="region" aria-label={t('dev.bots.exampleRegion')} tabIndex={0}>
          <pre lang="en">
            <code>{BOT_SOCKET_EXAMPLE}</code>
          </pre>
        </div>
      </section>
    </article>
  );
}
