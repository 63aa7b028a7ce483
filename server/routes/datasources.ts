import { Hono } from 'hono';
import type { Env } from '../context';
import { previewLimits } from '../datasources/limits';
import { previewFile } from '../datasources/preview';
import { takePreviewSlot } from '../datasources/slots';
import { receiveFile } from '../datasources/upload';

/** Who may bring data in: the portal's administrators. */
export const DATASOURCE_ROLES = ['GlobalAdmin', 'PortalAdmin'];

/** The path whose body is a file: it has its own size limit (DATASOURCE_MAX_BYTES), not the API's. */
export const PREVIEW_PATH = '/api/datasources/preview';

/** Data sources (issue 44). The preview reads a file and proposes a definition; it writes nothing. */
export const datasourceRoutes = new Hono<Env>().post('/preview', async (c) => {
  const limits = previewLimits(c.var.deps.datasourceLimits);
  const release = takePreviewSlot(c.var.user.id, limits.parallel);
  try {
    const upload = await receiveFile(c, limits.maxBytes);
    try {
      return c.json(await previewFile(upload, limits));
    } finally {
      await upload.discard();
    }
  } finally {
    release();
  }
});
