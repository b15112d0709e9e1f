import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3 generated from the routes' Zod schemas; Swagger UI at /api/docs, the document at
 * /api/docs/json. Register before the routes so every route is collected.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Tarab API',
        description:
          'The HTTP API of Tarab, the store of royalty-free oriental music and loops. Errors always answer `{ message, errors? }`. ' +
          'Authenticate with the `authToken` cookie (set by login) or `Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'authToken' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
