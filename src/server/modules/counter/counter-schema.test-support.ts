import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { requireSchemasDir } from '../../test/xml-schemas.js';

/** Test support: checks answers against COUNTER's published API specification (COUNTER_API.json). */

const SPEC_ID = 'counter-api';
let validator: Ajv2020 | null = null;

/** Draft 2020-12 with formats; one pattern in the file is not valid in Unicode mode (schemas README). */
function counterValidator(): Ajv2020 {
  if (validator) return validator;
  const file = path.join(requireSchemasDir(), 'counter', 'COUNTER_API.json');
  const spec = JSON.parse(fs.readFileSync(file, 'utf8')) as { components: object };
  validator = new Ajv2020({ unicodeRegExp: false, strict: false, allErrors: true });
  addFormats(validator);
  validator.addSchema({ $id: SPEC_ID, components: spec.components });
  return validator;
}

function errorsAt(pointer: string, value: unknown): string[] {
  const validate = counterValidator().getSchema(`${SPEC_ID}#${pointer}`);
  if (!validate) throw new Error(`COUNTER_API.json has no ${pointer}`);
  return validate(value)
    ? []
    : (validate.errors ?? []).map(
        (error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
      );
}

/** What the specification finds wrong with `value` as its schema `name` (TR_J3, Exception_3030, ...); [] if valid. */
export const counterSchemaErrors = (name: string, value: unknown) => errorsAt(`/components/schemas/${name}`, value);

/** The same for a whole answer of the specification's responses (200_Status, 200_Members, 200_Reports, ...). */
export const counterResponseErrors = (name: string, value: unknown) =>
  errorsAt(`/components/responses/${name}/content/application~1json/schema`, value);
