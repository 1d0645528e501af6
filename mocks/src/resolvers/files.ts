import { HttpResponse } from 'msw';
import { notFound } from '../context.ts';

/** An empty CSV download (the byte order mark and one line end), as the API sends a file with no rows. */
const emptyCsv = (filename: string) =>
  new HttpResponse('\ufeff\r\n', {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });

/**
 * The endpoints that answer files and bytes, and the two machines call. Mock mode stores no pictures or sounds
 * (404, as the API answers an unknown id) and exports no rows.
 */
export const fileResolvers = {
  profilePicture: () => {
    throw notFound('Picture');
  },
  tierSound: () => {
    throw notFound('Sound');
  },
  creatorTipsCsv: () => emptyCsv('shabaash-tips.csv'),
  payoutStatementCsv: () => emptyCsv('shabaash-statement.csv'),
  razorpayWebhook: () => ({ status: 'ok' as const, outcome: 'ignored' }),
  openApi: () => ({ openapi: '3.1.0' }),
};
