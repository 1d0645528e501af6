/** Mock mode and frontend tests: MSW handlers for every endpoint and the /ws protocol over fixture state. */
export * from './fixtures.ts';
export * from './state.ts';
export {
  answerLost,
  createHandlers,
  emptyPayoutSummary,
  failWith,
  networkError,
  overrideHandlers,
  markOrderPaid,
  resolvers,
  MockHttpError,
  type EndpointResolvers,
  type MockContext,
  type MockResolvers,
} from './handlers.ts';
export { createWsHandlers, type MockRealtimeOptions } from './ws.ts';
