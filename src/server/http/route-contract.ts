import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  FastifyTypeProvider,
} from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';
import { apiErrorSchema } from '../../common/schemas/api-error.js';
import { inputError, notFound } from './errors.js';

/**
 * The shared Zod schemas are the routes' contract (decision 018): Fastify validates params, query and
 * JSON bodies with them, answers are written by serializers compiled once from their JSON Schema (only
 * the declared fields leave the server), and the OpenAPI document at /api/docs is made from the same
 * schemas.
 */

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The fields of a multipart form (plus its file): the handler reads the form and checks it with
     * parseInput, so Fastify never validates it; OpenAPI shows it as the multipart/form-data body.
     */
    multipart?: z.ZodObject;
  }
}

/** Request parts typed by the output of their schema, answers by the input of theirs. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** The first problem becomes the same 400 parseInput gives: `{error: 'invalid_input', message: '<field>: <message>'}`. */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: inputError(result.error) };
  };

function jsonSchemaOf(schema: z.ZodType, target: 'draft-7' | 'openapi-3.0', io: 'input' | 'output') {
  // Transforms and preprocessing have no JSON Schema; their input side is described as any value.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target, io, unrepresentable: 'any' });
  return json;
}

type Json = Record<string, unknown>;
const SCALARS = new Set<unknown>(['string', 'number', 'integer', 'boolean']);

/**
 * What a writer needs of a JSON Schema: alternatives of one plain type (e.g. '' or an email address) are
 * that type, so fast-json-stringify writes them directly instead of checking each answer against each branch.
 * Defaults belong to input: a writer given one would add the field to answers that leave it out on purpose
 * (the private settings in a public answer).
 */
function forWriting(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(forWriting);
  if (json === null || typeof json !== 'object') return json;
  const node = withoutDefault(json as Json);
  const { anyOf, ...rest } = node;
  const branches = Array.isArray(anyOf) ? (anyOf as Json[]) : [];
  const types = new Set(branches.map((branch) => branch.type));
  const [type] = types;
  const merged = types.size === 1 && SCALARS.has(type) ? { ...rest, type } : node;
  return Object.fromEntries(Object.entries(merged).map(([key, value]) => [key, forWriting(value)]));
}

/** A schema node (one with a type or alternatives) without its default; a map of properties as it is. */
function withoutDefault(json: Json): Json {
  if (!('type' in json || 'anyOf' in json)) return json;
  const { default: _default, ...rest } = json;
  return rest;
}

/** Compiled once per route and status, so writing an answer costs what it did without a schema. */
const serializerCompiler = ({ schema }: { schema: z.ZodType }) =>
  fastJsonStringify(forWriting(jsonSchemaOf(schema, 'draft-7', 'output')) as Schema);

/** A file answer (`z.file().mime(type)`) is described under its media type, any other answer as JSON. */
function answerOf(answer: z.ZodType) {
  const json = jsonSchemaOf(answer, 'openapi-3.0', 'output');
  const { contentMediaType: mediaType, description } = json;
  return typeof mediaType === 'string' ? { description, content: { [mediaType]: { schema: json } } } : json;
}

/** OpenAPI needs JSON Schema: converts every Zod part of a route schema; routes hidden from the document stay as they are. */
export const openApiTransform: SwaggerTransform = ({ schema, url }) => {
  if (!schema || schema.hide) return { schema, url };
  const { params, querystring, body, multipart, response, ...described } = schema;
  const input = (part: unknown) => jsonSchemaOf(part as z.ZodType, 'openapi-3.0', 'input');
  return {
    url,
    schema: {
      ...described,
      ...(params ? { params: input(params) } : {}),
      ...(querystring ? { querystring: input(querystring) } : {}),
      ...(body ? { body: input(body) } : {}),
      ...(multipart ? { body: input(multipart), consumes: ['multipart/form-data'] } : {}),
      ...(response
        ? {
            response: Object.fromEntries(
              Object.entries(response as Record<string, z.ZodType>).map(([status, answer]) => [
                status,
                answerOf(answer),
              ]),
            ),
          }
        : {}),
    } as FastifySchema,
  };
};

/** Every route's answers: its success schemas, and the error shape for any 4xx or 5xx. */
export const answers = <T extends Record<number, z.ZodType>>(success: T) =>
  ({ ...success, '4xx': apiErrorSchema, '5xx': apiErrorSchema }) as T & {
    '4xx': typeof apiErrorSchema;
    '5xx': typeof apiErrorSchema;
  };

/**
 * For routes where an id that cannot be one simply names nothing (they set `attachValidation`): a refused
 * `{id}` answers the route's 404, naming the id as it was sent; any other refusal stays the usual 400.
 */
export function refuseUnknownId(request: FastifyRequest, message: (id: string) => string): void {
  const refused = request.validationError;
  if (refused?.validationContext === 'params') throw notFound(message(String((request.params as { id: unknown }).id)));
  if (refused) throw refused;
}

export function applyZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
