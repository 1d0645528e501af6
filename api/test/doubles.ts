import type {
  AlertsState,
  OverlaySettings,
  ShowMessage,
  StreamSession,
  TimerRun,
  YouTubeLive,
} from '@shabaash/shared';
import type { RealtimeBus } from '../src/deps.ts';

/** Records what the services announce; TEMPORARY until the real realtime hub is wired into the harness. */
export class RecordingBus implements RealtimeBus {
  readonly changedSpaces: string[] = [];
  readonly overlayUpdates: Array<{ creatorId: string; settings: OverlaySettings }> = [];
  changed(spaces: readonly string[]): void {
    this.changedSpaces.push(...spaces);
  }
  overlayUpdated(creatorId: string, settings: OverlaySettings): void {
    this.overlayUpdates.push({ creatorId, settings });
  }
  sessionsRevoked(): void {}
  overlayKeyRotated(): void {}
  apiTokenRevoked(): void {}
  moderatorRemoved(): void {}
  creatorSuspended(): void {}
  readonly timerUpdates: Array<{ creatorId: string; run: TimerRun; ended: boolean }> = [];
  timerUpdated(creatorId: string, run: TimerRun, ended: boolean): void {
    this.timerUpdates.push({ creatorId, run, ended });
  }
  readonly alertsUpdates: Array<{ creatorId: string; state: AlertsState }> = [];
  alertsUpdated(creatorId: string, state: AlertsState): void {
    this.alertsUpdates.push({ creatorId, state });
  }
  readonly youtubeLiveUpdates: Array<{ creatorId: string; live: YouTubeLive }> = [];
  youtubeLiveUpdated(creatorId: string, live: YouTubeLive): void {
    this.youtubeLiveUpdates.push({ creatorId, live });
  }
  readonly streamUpdates: Array<{ creatorId: string; session: StreamSession | null }> = [];
  streamUpdated(creatorId: string, session: StreamSession | null): void {
    this.streamUpdates.push({ creatorId, session });
  }
  readonly shows: Array<{ creatorId: string; message: ShowMessage }> = [];
  showEvent(creatorId: string, message: ShowMessage): void {
    this.shows.push({ creatorId, message });
  }
}
