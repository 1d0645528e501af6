import type { ClientWindow } from '../probes/clientTrace.ts';

/** The client's raw stamps of one send → socket run (performance.now() clock of the bench process). */
export interface LatencySamples {
  /** Message and key prefix of its tips (`lat<label>q`). */
  prefix: string;
  /** performance.timeOrigin of the bench process: origin + t is epoch ms, comparable with the API's stamps. */
  origin: number;
  scheduledAt: Float64Array;
  sentAt: Float64Array;
  /** When the request was handed to the kernel. */
  writtenAt: Float64Array;
  receipts: number[][];
  /** The receiving thread's event-loop stalls and GC pauses in the window (bench/load/receivers.ts). */
  receiverTrace: ClientWindow | null;
  okTips: number[];
}
