import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api, TUNING_CONTENT_TYPE } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { getTuningFile } from './tuning.service.js';

/** Free tuning files of the catalog's maqam-based items (issue 18; docs/api.md "Tuning files"). */
export function tuningRoutes(db: DbOrTx): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, Api.tuning.file, async (request, reply) => {
      const { kind, file } = request.params;
      const out = await getTuningFile(db, kind, file.id, file.format);
      return reply
        .type(TUNING_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${out.filename}"`)
        .header('Cache-Control', 'public, max-age=300')
        .send(out.body);
    });
  };
}
