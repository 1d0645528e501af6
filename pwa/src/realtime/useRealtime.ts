import { useEffect, useRef, useState } from 'react';
import type { ServerMessage } from '@shabaash/shared';
import { subscribeAppSocket } from './appSocket.ts';
import type { RealtimeStatus } from './socket.ts';

/** Listens to the shared realtime connection while mounted; returns its status. `onMessage` may change between renders. */
export function useRealtime(onMessage: (message: ServerMessage) => void): RealtimeStatus {
  const [status, setStatus] = useState<RealtimeStatus>('offline');
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => subscribeAppSocket((message) => handler.current(message), setStatus), []);
  return status;
}
