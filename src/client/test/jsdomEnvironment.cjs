// jsdom without fetch: hand the test window Node's fetch classes (jsdom keeps its own DOM, FormData and Blob).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      fetch,
      Response,
      Request,
      Headers,
      TextEncoder,
      TextDecoder,
      ReadableStream,
      TransformStream,
      structuredClone,
      AbortController,
      AbortSignal,
    });
  }
}

module.exports = JsdomWithFetch;
