// B4's signed-in people: the same signed guests as B1's crowd (b1-seed-users.mjs, same input and
// output), seeded through seeded-heartline.mjs under B4's name.
import "./b1-seed-users.mjs";
