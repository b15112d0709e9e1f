import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as local from './local-payments.service.js';
import { route } from '../../lib/route.js';

/**
 * Only with the `local` payment driver: the API behind our own test-mode checkout pages. `secret`
 * (the server secret) keys the card fingerprints of saved cards.
 */
export function localPaymentRoutes(db: DbOrTx, secret: string): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, Api.localPayments.checkout, async (request) => ({
      data: await local.getLocalCheckout(db, request.params.id, currentUser(request).id),
    }));
    route(app, Api.localPayments.pay, async (request) => ({
      redirect_url: await local.payLocalCheckout(db, request.params.id, currentUser(request).id, request.body),
    }));
    route(app, Api.localPayments.confirmSetup, async (request) => ({
      payment_method: await local.confirmLocalSetup(
        db,
        secret,
        request.body.client_secret,
        currentUser(request).id,
        request.body,
      ),
    }));
  };
}
