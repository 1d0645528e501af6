// Zod-free rows of the endpoint table (endpoints.ts spreads them): the top supporters widget and the subathon timer.
import type { EndpointFact } from './endpointFact.ts';

/**
 * The creator's supporters list and hiding one supporter from the widget: method, path and auth of the contract
 * entries (shared/src/api.ts adds their schemas) with their one-line summaries for the API reference.
 */
export const SUPPORTER_ENDPOINTS = {
  creatorSupporters: {
    method: 'GET',
    path: '/creator/supporters',
    auth: 'creator',
    summary:
      'The top supporters widget as the creator sees it (with keys to hide one), and the hidden supporters.',
  },
  hideSupporter: {
    method: 'POST',
    path: '/creator/supporters/hidden',
    auth: 'creator',
    summary: 'Hide one supporter from the top supporters widget.',
  },
  unhideSupporter: {
    method: 'DELETE',
    path: '/creator/supporters/hidden/:id',
    auth: 'creator',
    summary: 'Show a hidden supporter on the widget again.',
  },
} as const satisfies Record<string, EndpointFact>;

/**
 * The creator's timer endpoints: method, path and auth of the contract entries (shared/src/api.ts adds their
 * schemas) with their one-line summaries for the API reference.
 */
export const TIMER_ENDPOINTS = {
  creatorTimer: {
    method: 'GET',
    path: '/creator/timer',
    auth: 'creator',
    summary: 'The subathon timer: its settings and the current run (end time or time left).',
  },
  saveTimerSettings: {
    method: 'PUT',
    path: '/creator/timer/settings',
    auth: 'creator',
    summary: 'Save the timer settings: starting time, seconds per rupee, cap, which tips count, ending text.',
  },
  startTimer: {
    method: 'POST',
    path: '/creator/timer/start',
    auth: 'creator',
    summary: 'Start a new run from the starting time (a running or paused run is answered as it is).',
  },
  pauseTimer: {
    method: 'POST',
    path: '/creator/timer/pause',
    auth: 'creator',
    summary: 'Pause the running timer: the time left is kept.',
  },
  resumeTimer: {
    method: 'POST',
    path: '/creator/timer/resume',
    auth: 'creator',
    summary: 'Resume a paused timer from the time it had left.',
  },
} as const satisfies Record<string, EndpointFact>;
