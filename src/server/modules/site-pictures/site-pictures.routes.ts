import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SITE_PICTURE_RESET_MESSAGE,
  SITE_PICTURE_SAVED_MESSAGE,
  sitePictureParams,
  sitePicturesSchema,
} from '../../../common/schemas/site-pictures.js';
import { readMultipart } from '../../http/multipart.js';
import { answers, type ZodTypeProvider } from '../../http/route-contract.js';

const savedPictures = sitePicturesSchema.extend({ message: z.string() });

export function registerSitePictureRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/site-pictures',
    {
      schema: {
        tags: ['public'],
        summary: 'Addresses of the logo, header image and home cover picture',
        response: answers({ 200: sitePicturesSchema }),
      },
    },
    (request) => request.site.services.sitePictures.get(),
  );

  const admin = { preValidation: app.requireAdmin };

  api.post(
    '/api/admin/site-pictures/:kind',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Replaces the logo, header image or cover picture (multipart imgFile: PNG, JPEG, GIF or WebP, at most 2 MB)',
        params: sitePictureParams,
        multipart: z.object({ imgFile: z.file() }),
        response: answers({ 200: savedPictures }),
      },
    },
    async (request) => {
      const form = await readMultipart(request, ['imgFile']);
      return {
        ...(await request.site.services.sitePictures.replace(request.params.kind, form.files.imgFile, request.user!)),
        message: SITE_PICTURE_SAVED_MESSAGE,
      };
    },
  );

  api.delete(
    '/api/admin/site-pictures/:kind',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Goes back to the built-in picture',
        params: sitePictureParams,
        response: answers({ 200: savedPictures }),
      },
    },
    async (request) => ({
      ...(await request.site.services.sitePictures.reset(request.params.kind, request.user!)),
      message: SITE_PICTURE_RESET_MESSAGE,
    }),
  );
}
