import { z } from 'zod';

// The console's content policy forbids eval. Zod probes for it (a probe the browser logs as a
// policy violation) when the first object schema is built, unless told first not to compile
// parsers: so this module is imported before any module that builds a schema.
z.config({ jitless: true });
