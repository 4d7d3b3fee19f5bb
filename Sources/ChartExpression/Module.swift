// ChartExpression
