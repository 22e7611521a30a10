import { TEAM_SLUGS, type TeamSlug } from './team-slugs';

/** The team behind the product; one list drives /aboutTeam and every /about{slug} page. */
export interface TeamMember {
  slug: TeamSlug;
  name: string;
  role: string;
  bio: string;
  /** What they'd buy first on Gator Market. */
  favorite: string;
}

const MEMBERS: Record<TeamSlug, Omit<TeamMember, 'slug'>> = {
  Maya: {
    name: 'Maya Chen',
    role: 'Team lead',
    bio: 'Maya keeps the team on track, runs the weekly planning and talks to the students who test every release.',
    favorite: 'A second-hand bike lock',
  },
  Luis: {
    name: 'Luis Ortega',
    role: 'Back end',
    bio: 'Luis builds the API and the database behind every listing, message and delivery.',
    favorite: 'Cold brew concentrate',
  },
  Nadia: {
    name: 'Nadia Karimi',
    role: 'Front end',
    bio: 'Nadia designs and builds the screens, and makes sure they work on a phone and with a keyboard.',
    favorite: 'Graph paper notebooks',
  },
  Jace: {
    name: 'Jace Nguyen',
    role: 'Courier experience',
    bio: 'Jace builds the courier dashboard and the live delivery map, and delivers orders between classes.',
    favorite: 'A folding study desk',
  },
  Ravi: {
    name: 'Ravi Patel',
    role: 'Database',
    bio: 'Ravi keeps the data safe, fast and backed up, from a laptop on the Library’s third floor.',
    favorite: 'Used textbooks, always',
  },
};

/** In the order of TEAM_SLUGS, which the router also uses. */
export const TEAM: readonly TeamMember[] = TEAM_SLUGS.map((slug) => ({ slug, ...MEMBERS[slug] }));

export function findMember(slug: string | undefined): TeamMember | undefined {
  return TEAM.find((m) => m.slug.toLowerCase() === slug?.toLowerCase());
}
