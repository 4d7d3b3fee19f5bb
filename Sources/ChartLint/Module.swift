// ChartLint
