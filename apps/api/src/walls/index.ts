// What other parts of the API use of walls: the sites a wall may be framed by (the web shell's headers).
export { WallEmbeds } from './wall-embeds';
