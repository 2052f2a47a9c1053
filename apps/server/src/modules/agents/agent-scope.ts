import type { FastifyRequest } from 'fastify';
import { requireBusinessId, requireUser } from '../../http/auth';
import type { AgentScope } from './agents.repository';

/** A member works on their business's agents; the operator (admin) sees every agent. */
export function agentScopeOf(request: FastifyRequest): AgentScope {
  if (requireUser(request).role === 'admin') return { kind: 'all' };
  return { kind: 'business', businessId: requireBusinessId(request) };
}
