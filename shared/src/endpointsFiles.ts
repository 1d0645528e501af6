// Zod-free, part of the endpoint table (endpoints.ts spreads it): the endpoints that answer files, CSV or bytes
// rather than a JSON call of the app, and the two that machines call (Razorpay's webhook, the OpenAPI document).
import type { EndpointFact } from './endpointFact.ts';

export const FILE_ROWS = {
  profilePicture: {
    method: 'GET',
    path: '/users/:id/picture',
    auth: 'public',
    summary: "A user's profile picture (the URL carries its version, so caches keep it a year).",
    answers: 'image',
  },
  tierSound: {
    method: 'GET',
    path: '/tier-sounds/:id',
    auth: 'public',
    summary: "An uploaded tier alert sound's bytes (MP3 or OGG), for the overlay.",
    answers: 'audio',
  },
  creatorTipsCsv: {
    method: 'GET',
    path: '/creator/export.csv',
    auth: 'creator',
    summary: 'Your tips as a CSV file.',
    answers: 'csv',
  },
  payoutStatementCsv: {
    method: 'GET',
    path: '/creator/payouts/statement.csv',
    auth: 'creator',
    summary: "A month's payout statement as a CSV file.",
    answers: 'csv',
  },
  opsLeadsCsv: {
    method: 'GET',
    path: '/ops/leads.csv',
    auth: 'operator',
    summary: 'The leads as a CSV file (phones masked).',
    answers: 'csv',
  },
  opsTds26qCsv: {
    method: 'GET',
    path: '/ops/tds/26q.csv',
    auth: 'operator',
    summary: "A quarter's 194-O deductions in Form 26Q's columns (CSV, audited).",
    answers: 'csv',
  },
  opsTds16aCsv: {
    method: 'GET',
    path: '/ops/tds/16a.csv',
    auth: 'operator',
    summary: "One creator's Form 16A data for a quarter (CSV, audited).",
    answers: 'csv',
  },
  razorpayWebhook: {
    method: 'POST',
    path: '/webhooks/razorpay',
    auth: 'public',
    summary:
      "Razorpay's payment events, signed (X-Razorpay-Signature over the raw body): the only call that moves money in.",
  },
  openApi: {
    method: 'GET',
    path: '/openapi.json',
    auth: 'public',
    summary: 'This document: the OpenAPI 3.1 description of every endpoint and of the /ws protocol.',
  },
} as const satisfies Record<string, EndpointFact>;
