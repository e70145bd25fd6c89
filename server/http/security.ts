/** helmet with a strict Content Security Policy: no inline script or style, no framing. */
import helmet from "helmet";

export function securityHeaders(production: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        ...(production ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: production,
    crossOriginEmbedderPolicy: false,
  });
}
