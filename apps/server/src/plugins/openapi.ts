import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiPaths, ErrorBody } from '@tarab/contracts';

/** What each error status means, in the document. */
const errorDescriptions: Readonly<Record<number, string>> = {
  400: 'Bad request: the path, query or JSON body is not valid (`invalid_request`, `malformed_json`, …)',
  401: 'No session, or an expired one (`unauthenticated`), or the credentials are wrong',
  402: 'The payment was refused (`card_declined`, `payment_not_completed`, …)',
  403: 'Not allowed (`forbidden`, `cross_site_refused`, …)',
  404: 'Not found (`not_found` or the record’s own code)',
  409: 'Conflicts with the current state (`already_owned`, `already_subscribed`, …)',
  412: 'A precondition failed',
  413: 'The body is too large (`payload_too_large`, `file_too_large`, …)',
  415: 'The body’s content type is not supported',
  416: 'The range is outside the file',
  422: 'A field did not validate: `errors` (and `field_codes`) name the fields',
  429: 'Too many requests: `Retry-After` says when to come back',
  500: 'Something unexpected (`internal_error`)',
  502: 'The payment provider failed',
  503: 'A dependency is unavailable (`service_unavailable`): `Retry-After` is set',
};

const ERROR_REF = '#/components/schemas/ErrorBody';

type Operation = { responses?: Record<string, unknown> };
type Document = {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, Operation>>;
};

const operationKey = (method: string, path: string) => `${method.toLowerCase()} ${path}`;
const openApiPath = (url: string) => url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/**
 * OpenAPI 3 generated from the routes' Zod schemas; Swagger UI at /api/docs, the document at
 * /api/docs/json. Register before the routes so every route is collected. Each operation lists the
 * error statuses its table entry derives (`errorStatusesOf`, decision 062), each answering the one
 * `ErrorBody` of `components.schemas`.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Filled while the document is made (route by route), read when it is finished.
  const errorStatuses = new Map<string, readonly number[]>();
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Tarab API',
        description:
          'The HTTP API of Tarab, the store of royalty-free oriental music and loops. Errors always answer ' +
          '`{ code, message, params?, errors?, field_codes? }` (`ErrorBody`): `code` is stable, from a closed list, ' +
          'and is what a client translates by. ' +
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
    transform: (input) => {
      const statuses = (input.schema as { errorStatuses?: readonly number[] } | undefined)?.errorStatuses;
      if (statuses) {
        const methods = [input.route.method].flat();
        for (const method of methods) errorStatuses.set(operationKey(method, openApiPath(input.url)), statuses);
      }
      return jsonSchemaTransform(input);
    },
    transformObject: (input) => {
      const openapiObject = 'openapiObject' in input ? input.openapiObject : input.swaggerObject;
      const doc = openapiObject as Document;
      const schemas = { ...doc.components?.schemas, ErrorBody: z.toJSONSchema(ErrorBody, { target: 'openapi-3.0' }) };
      const paths: NonNullable<Document['paths']> = {};
      for (const [path, operations] of Object.entries(doc.paths ?? {})) {
        paths[path] = {};
        for (const [method, operation] of Object.entries(operations)) {
          const statuses = errorStatuses.get(operationKey(method, path)) ?? [];
          const responses = { ...operation.responses };
          for (const status of statuses) {
            responses[status] ??= {
              description: errorDescriptions[status] ?? 'Error',
              content: { 'application/json': { schema: { $ref: ERROR_REF } } },
            };
          }
          paths[path][method] = { ...operation, responses };
        }
      }
      return { ...openapiObject, components: { ...doc.components, schemas }, paths } as typeof openapiObject;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: ApiPaths.docs, staticCSP: true });
}
