// Preloaded with `node --import` by compiledServer.test.ts: appends every module the process (and its
// worker threads) loads to the file in WAVELENGTH_MODULE_TRACE, one path or URL a line: CommonJS
// requires through Module._load, ES imports through a resolve hook.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const trace = process.env.WAVELENGTH_MODULE_TRACE;
if (trace) {
  const load = Module._load;
  Module._load = function tracedLoad(request, parent, isMain) {
    try {
      appendFileSync(trace, `${Module._resolveFilename(request, parent, isMain)}\n`);
    } catch {
      // a request that does not resolve fails in load itself, as usual
    }
    return load.apply(this, arguments);
  };
  // node:fs imported statically: an import inside the hook would run the hook again, without end
  const hook = `import { appendFileSync } from 'node:fs';
  export async function resolve(specifier, context, next) {
    const result = await next(specifier, context);
    appendFileSync(${JSON.stringify(trace)}, result.url + '\\n');
    return result;
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
