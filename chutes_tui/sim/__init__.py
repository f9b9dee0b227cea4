"""Monte Carlo: many games at once with numpy, from the same rules as everything else."""
