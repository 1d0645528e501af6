import net from 'node:net';

/**
 * A bare websocket client for the idle phase (bench/phases/idle.ts): the load generator shares the API's two cores, and
 * the `ws` client (an http.ClientRequest, a random key, an accept-hash check and a parser per socket) cost about as
 * much CPU per hello as the API itself. This one speaks just enough of RFC 6455 to hold an idle socket: the upgrade
 * request (a fixed key; it does not check the accept hash), the hello once the 101 has arrived (as a browser waits
 * for it), the welcome, and a pong for every ping of the server's heartbeat. The server does its full work.
 */
export interface RawSocket {
  close(): Promise<void>;
}

/** Frames from the server are unmasked; every client frame is masked, here with a zero key (payload unchanged). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  if (payload.length > 125) throw new Error('bench frames stay under 126 bytes');
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

const CLOSE_FRAME = clientFrame(0x8, Buffer.from([0x03, 0xe8])); // 1000

/**
 * Connects to `ws://host:port/path` from `localAddress`, sends `hello` after the 101 and resolves on the welcome;
 * rejects on a refusal (a close frame or any other first frame), an error or `timeoutMs`.
 */
export function openRawSocket(
  target: { host: string; port: number; path: string },
  hello: Record<string, unknown>,
  localAddress: string | undefined,
  timeoutMs: number,
): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.host, port: target.port, localAddress });
    socket.setNoDelay(true);
    let buf: Buffer = Buffer.alloc(0);
    let upgraded = false;
    let welcomed = false;
    const fail = (why: string) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new Error(why));
    };
    const timer = setTimeout(() => fail('no welcome in time'), timeoutMs);
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    const raw: RawSocket = {
      close() {
        if (!socket.destroyed) socket.end(CLOSE_FRAME);
        const t = setTimeout(() => socket.destroy(), 5000);
        return closed.finally(() => clearTimeout(t));
      },
    };
    socket.on('connect', () =>
      socket.write(
        `GET ${target.path} HTTP/1.1\r\nHost: ${target.host}:${target.port}\r\nConnection: Upgrade\r\n` +
          'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      ),
    );
    socket.on('error', (err) => {
      if (!welcomed) fail(String(err));
    });
    socket.on('close', () => {
      if (!welcomed) fail('closed before welcome');
    });
    socket.on('data', (chunk: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      if (!upgraded) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const status = buf.subarray(0, 12).toString('latin1');
        if (status !== 'HTTP/1.1 101') return fail(`upgrade refused: ${status}`);
        upgraded = true;
        buf = buf.subarray(end + 4);
        socket.write(clientFrame(0x1, Buffer.from(JSON.stringify({ type: 'hello', ...hello }))));
      }
      // Server frames: FIN+opcode, length (7 bits, or 126 + 16 bits; a hello's answers never need 64 bits).
      while (buf.length >= 2) {
        const opcode = buf[0]! & 0x0f;
        let len = buf[1]! & 0x7f;
        let at = 2;
        if (len === 126) {
          if (buf.length < 4) return;
          len = buf.readUInt16BE(2);
          at = 4;
        } else if (len === 127) return fail('unexpected 64-bit frame');
        if (buf.length < at + len) return;
        const payload = buf.subarray(at, at + len);
        buf = buf.subarray(at + len);
        if (opcode === 0x9) socket.write(clientFrame(0xa, payload));
        else if (!welcomed && opcode === 0x1 && payload.toString('utf8').startsWith('{"type":"welcome"')) {
          welcomed = true;
          clearTimeout(timer);
          resolve(raw);
        } else if (!welcomed) {
          const reason =
            opcode === 0x8 && len >= 2 ? `${payload.readUInt16BE(0)} ${payload.subarray(2).toString()}` : '';
          return fail(`refused before welcome: ${reason || `opcode ${opcode}`}`);
        }
      }
    });
  });
}
