"""TODO cards"""
STEPS = {}
