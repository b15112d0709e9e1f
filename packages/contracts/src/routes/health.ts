import { HealthResponse, LivenessResponse, ReadinessResponse } from '../health.js';
import { defineRoute } from './define.js';

const tags = ['health'];

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    tags,
    access: 'public',
    summary: 'Liveness and database check',
    responses: { 200: HealthResponse },
  }),
  live: defineRoute({
    method: 'GET',
    path: '/api/health/live',
    tags,
    access: 'public',
    summary: 'Liveness: the process answers',
    responses: { 200: LivenessResponse },
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/health/ready',
    tags,
    access: 'public',
    errors: [503],
    summary: 'Readiness: the database and Redis answer (503 otherwise)',
    responses: { 200: ReadinessResponse },
  }),
};
