// Word lists for the synthetic data of bench/data.mjs. Names are in rough order of how common
// they are in the United States, so a skewed pick gives many Smiths and few Sandovals, and a
// text search on a common name finds about as many rows as it would in life.

/** Words separated by white space. */
const words = (text) => text.trim().split(/\s+/);
/** Items separated by commas (they may contain spaces). */
const items = (text) => text.split(',').map((item) => item.trim());

export const FIRST_NAMES = words(`
  James Mary Michael Patricia Robert Jennifer John Linda David Elizabeth William Barbara
  Richard Susan Joseph Jessica Thomas Karen Christopher Sarah Charles Lisa Daniel Nancy
  Matthew Sandra Anthony Betty Mark Ashley Donald Emily Steven Kimberly Andrew Margaret Paul
  Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa Timothy Deborah Ronald
  Stephanie George Rebecca Jason Sharon Edward Laura Jeffrey Cynthia Ryan Dorothy Jacob Amy
  Nicholas Kathleen Gary Angela Eric Shirley Jonathan Emma Stephen Brenda Larry Pamela Justin
  Nicole Scott Anna Brandon Samantha Benjamin Katherine Samuel Christine Gregory Debra
  Alexander Rachel Patrick Carolyn Frank Janet Raymond Maria Jack Olivia Dennis Heather Jerry
  Helen Tyler Catherine Aaron Diane Jose Julie Adam Victoria Nathan Joyce Henry Lauren Zachary
  Kelly Douglas Christina Peter Ruth Kyle Joan Noah Virginia Ethan Judith Jeremy Evelyn
  Christian Hannah Walter Andrea Keith Megan Austin Cheryl Roger Jacqueline Terry Madison Sean
  Teresa Gerald Abigail Carl Sophia Dylan Martha Harold Sara Jordan Gloria Jesse Janice Bryan
  Kathryn Lawrence Ann Arthur Isabella Gabriel Judy Bruce Charlotte Logan Julia Billy Grace
  Joe Amber Alan Alice Juan Jean Elijah Denise Willie Frances Albert Danielle Wayne Marilyn
  Randy Natalie Mason Beverly Vincent Diana Liam Brittany Roy Theresa Bobby Kayla Caleb Alexis
  Bradley Doris Russell Lori Lucas Tiffany Luis Carlos Ana Sofia Miguel Wei Priya Ahmed Fatima
  Hiroshi Yuki Olga Dmitri Aisha Kwame Mei
`);

export const LAST_NAMES = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris
  Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill
  Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips
  Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook
  Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward
  Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez
  Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan
  Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson
  Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera
  Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison
  Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker
  Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason
  Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox
  Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan
  Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos
  Hart Bradley Knight Elliott Cunningham Duncan Sandoval
`);

export const STREETS = items(`
  Main St, Oak Ave, Maple Dr, Cedar Ln, Pine St, Elm St, Washington Ave, Lake Rd, Hill St,
  Park Ave, Sunset Blvd, River Rd, Church St, Highland Ave, Jefferson St, Lincoln Way,
  Meadow Ln, Forest Dr, Spring St, Chestnut St
`);

/** Make and model, split on '|'. */
export const VEHICLES = items(`
  Toyota|Camry, Toyota|Corolla, Toyota|RAV4, Honda|Civic, Honda|Accord, Honda|CR-V, Ford|F-150,
  Ford|Escape, Ford|Explorer, Chevrolet|Silverado, Chevrolet|Equinox, Nissan|Altima,
  Nissan|Rogue, Hyundai|Elantra, Hyundai|Tucson, Kia|Sorento, Subaru|Outback,
  Jeep|Grand Cherokee, Volkswagen|Jetta, Mazda|CX-5, BMW|3 Series, Tesla|Model 3, Ram|1500,
  GMC|Sierra
`);

export const COLORS = words('White Black Silver Gray Blue Red Green Beige');
