import robotPatterns from './robots/COUNTER_Robots_list.json';

/**
 * COUNTER's list of robot and crawler user agents (robots/COUNTER_Robots_list.json, MIT licence beside it), one
 * case-insensitive expression: update the list by replacing the file. An empty user agent is a robot too (the list's
 * `^.?$`).
 */
const ROBOTS = new RegExp(robotPatterns.map(({ pattern }) => `(?:${pattern})`).join('|'), 'i');

export const isRobot = (userAgent: string | undefined): boolean => ROBOTS.test(userAgent ?? '');
