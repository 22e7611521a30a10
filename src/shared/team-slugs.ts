/**
 * The team's page names, /about{slug}: the router's (src/client/features/pages/about/team-slugs.ts)
 * and the sitemap's. A module of its own: the router is in every page's first chunk.
 */
export const TEAM_SLUGS = ['Maya', 'Luis', 'Nadia', 'Jace', 'Ravi'] as const;
