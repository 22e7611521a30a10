/**
 * The team's page names, /about{slug}: all the router needs to know of the team, so the
 * members' texts (team.ts) load with the about pages, not with every page. The list is shared:
 * the server's sitemap names the pages too.
 */
import { TEAM_SLUGS } from '#shared/team-slugs.js';

export { TEAM_SLUGS };
export type TeamSlug = (typeof TEAM_SLUGS)[number];
