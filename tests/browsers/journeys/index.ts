/** Every phone journey, in the order a lane runs them. */
import type { Journeys } from '../lane';
import { students } from './account';
import { courier } from './courier';
import { meeting } from './meeting';
import { savedCopy } from './saved-copy';
import { share } from './share';
import { visitor } from './visitor';

export const JOURNEYS: Journeys[] = [visitor, students, courier, savedCopy, share, meeting];
