// The socket floor (bench/floors/README.md): a bare `ws` server answering a hello with a welcome, and holding the
// socket. Plain JavaScript. Prints `listening <port>`.
import http from 'node:http';
import process from 'node:process';
import { WebSocketServer } from 'ws';

const WELCOME = JSON.stringify({ type: 'welcome', rooms: [], versions: {} });
const server = http.createServer((_req, res) => res.end('{"status":"ok"}'));
const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
wss.on('connection', (ws) => ws.once('message', () => ws.send(WELCOME)));
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
