// The image's HEALTHCHECK, in node so the image needs no curl: exit 0 when /api/health answers 200
// on this container's own address within 4 s, 1 otherwise (docs/deploy.md).
const port = process.env.PORT || '3000';
const host = !process.env.HOST || ['0.0.0.0', '::'].includes(process.env.HOST) ? '127.0.0.1' : process.env.HOST;
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/api/health`;

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  const body = await response.json().catch(() => ({}));
  if (response.ok && body.success === true) process.exit(0);
  console.error(`unhealthy: ${url} answered ${response.status}`);
} catch (error) {
  console.error(`unhealthy: ${url}: ${error.cause?.code ?? error.message}`);
}
process.exit(1);
