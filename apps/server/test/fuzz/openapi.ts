import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiPaths } from '@tarab/contracts';

/** The parts of the OpenAPI 3 document (generated from the routes' Zod schemas) the tests read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  /** OpenAPI 3.0's way of allowing null. */
  nullable?: boolean;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  summary?: string;
  /** Answers by status; error answers reference `#/components/schemas/ErrorBody` (decision 062). */
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
}

export interface ApiRoute {
  method: string;
  /** The OpenAPI path, e.g. `/api/playlists/music/{id}`. */
  path: string;
  key: string;
  operation: Operation;
  /** Documented as needing a session (cookie or Bearer). */
  protected: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body schema, when the route takes a JSON body. */
  body: JsonSchema | undefined;
  /** Content types the route documents for its body. */
  bodyTypes: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** The document's paths, each an object of operations by method (their insides are read as `Operation`). */
const OpenApiDocument = z.object({
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.custom<Operation>((value) => typeof value === 'object' && value !== null),
    ),
  ),
});
export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** The error statuses an operation declares with the `ErrorBody` schema. */
export function declaredErrorStatuses(operation: Operation): Set<number> {
  const statuses = new Set<number>();
  for (const [status, answer] of Object.entries(operation.responses ?? {})) {
    if (answer.content?.['application/json']?.schema?.$ref === '#/components/schemas/ErrorBody')
      statuses.add(Number(status));
  }
  return statuses;
}

/** Every route of the served OpenAPI document (`GET /api/docs/json`). */
export async function readApiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  // The document is the OpenAPI plugin's (plugins/openapi.ts), not a route of the table.
  const res = await app.inject({ method: 'GET', url: ApiPaths.docsJson });
  if (res.statusCode !== 200) throw new Error(`GET ${ApiPaths.docsJson} answered ${res.statusCode}`);
  const doc = OpenApiDocument.parse(res.json());
  const routes: ApiRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(ops)) {
      if (!METHODS.includes(method)) continue;
      const params = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase(),
        path,
        key: routeKey(method, path),
        operation,
        protected: (operation.security ?? []).length > 0,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: content['application/json']?.schema,
        bodyTypes: Object.keys(content),
      });
    }
  }
  return routes;
}
