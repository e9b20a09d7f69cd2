/**
 * The small statistics the fairness tests need (F4, F5): normal CDF, chi-square survival via
 * the regularized upper incomplete gamma function, a runs test and lag-1 serial correlation.
 * Numerical Recipes algorithms; accurate to ~1e-7, far finer than the [1e-4, 1 − 1e-4] band.
 */

function lnGamma(x: number): number {
  const c = [
    76.18009172947146, -86.5053203294168, 24.01409824083091, -1.231739572450155,
    0.001208650973866179, -0.000005395239384953,
  ];
  let y = x;
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let ser = 1.000000000190015;
  for (const coefficient of c) ser += coefficient / ++y;
  return -tmp + Math.log((Math.sqrt(2 * Math.PI) * ser) / x);
}

/** Q(a, x) = Γ(a, x) / Γ(a). */
export function regularizedGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const gln = lnGamma(a);
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 1000 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - gln);
  }
  // Lentz's continued fraction.
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(-x + a * Math.log(x) - gln) * h;
}

export const chiSquareSurvival = (statistic: number, degrees: number) =>
  regularizedGammaQ(degrees / 2, statistic / 2);

export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t *
                              (-1.13520398 +
                                t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}

const twoSided = (z: number) => 2 * (1 - normalCdf(Math.abs(z)));

/** Pearson chi-square against equal expected counts; p-value of the upper tail. */
export function chiSquareUniformity(counts: readonly number[]) {
  const total = counts.reduce((s, c) => s + c, 0);
  const expected = total / counts.length;
  const statistic = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
  return { statistic, p: chiSquareSurvival(statistic, counts.length - 1) };
}

/** Wald–Wolfowitz runs above / below a threshold; two-sided p-value. */
export function runsTest(values: readonly number[], threshold: number) {
  const signs = values.map((v) => v >= threshold);
  const n1 = signs.filter(Boolean).length;
  const n2 = signs.length - n1;
  const n = signs.length;
  let runs = 1;
  for (let i = 1; i < n; i++) if (signs[i] !== signs[i - 1]) runs++;
  const mean = (2 * n1 * n2) / n + 1;
  const variance = (2 * n1 * n2 * (2 * n1 * n2 - n)) / (n * n * (n - 1));
  return { runs, p: twoSided((runs - mean) / Math.sqrt(variance)) };
}

/** Lag-1 serial correlation; under independence r·√n is ~N(0, 1). */
export function serialCorrelation(values: readonly number[]) {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i]! - mean;
    den += d * d;
    if (i + 1 < n) num += d * (values[i + 1]! - mean);
  }
  const r = num / den;
  return { r, p: twoSided(r * Math.sqrt(n)) };
}

/** F4: |simulated − theoretical| must stay within 3.29 σ / √N (two-sided 0.1 %). */
export const simulationTolerance = (sigma: number, rounds: number) =>
  (3.29 * sigma) / Math.sqrt(rounds);
