// Prints the dereferenced OpenAPI description named by argv[2] as JSON. It runs in its own node
// process because swagger-parser (CommonJS) requires an ES module, which jest's module loader cannot do.
import SwaggerParser from '@apidevtools/swagger-parser';

const api = await new SwaggerParser().dereference(process.argv[2]);
process.stdout.write(JSON.stringify(api));
