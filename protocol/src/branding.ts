import { z } from "zod";

/** The deployment's name and look as browsers see it (`GET /api/config` → `branding`, the root loader's `branding`). */
export const publicBrandingSchema = z.object({
  site_name: z.string(),
  short_name: z.string(),
  description: z.string(),
  /** Logo shown in the header; an absolute URL or a path on this site. */
  logo_url: z.string(),
  /** Favicon and app icon. */
  icon_url: z.string(),
  theme_color: z.string(),
  background_color: z.string(),
  links: z.object({
    site: z.string().nullable(),
    docs: z.string().nullable(),
    social: z.array(z.object({ label: z.string(), url: z.string() })),
  }),
  /** The Genesis Pass's name in its metadata and pages. */
  pass_name: z.string(),
});
export type PublicBranding = z.infer<typeof publicBrandingSchema>;
