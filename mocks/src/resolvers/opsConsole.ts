import { MESSAGES } from '@shabaash/shared';
import { MockHttpError } from '../context.ts';

/** Mock mode has no operator: the operator sign-in refuses every account, as the API does a non-operator. */
export const opsConsoleResolvers = {
  opsLogin: (): never => {
    throw new MockHttpError('FORBIDDEN', MESSAGES.notAnOperator);
  },
};
