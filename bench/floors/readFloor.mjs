// The read floor (bench/floors/README.md): bare node:http answering every GET with the same JSON body from memory
// (the body of the product's GET /api/tips/recent, from FLOOR_BODY_FILE). Plain JavaScript. Prints `listening <port>`.
import fs from 'node:fs';
import http from 'node:http';
import process from 'node:process';

const body = fs.readFileSync(process.env.FLOOR_BODY_FILE);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
const server = http.createServer((_req, res) => res.writeHead(200, headers).end(body));
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
