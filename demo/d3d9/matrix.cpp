#include "demo.h"

#include <cmath>

namespace demo {

Matrix Matrix::identity() {
    return scaling(1, 1, 1);
}

Matrix Matrix::rotationX(float angle) {
    const float c = std::cos(angle), s = std::sin(angle);
    Matrix r = identity();
    r.m[1][1] = c, r.m[1][2] = s, r.m[2][1] = -s, r.m[2][2] = c;
    return r;
}

Matrix Matrix::rotationY(float angle) {
    const float c = std::cos(angle), s = std::sin(angle);
    Matrix r = identity();
    r.m[0][0] = c, r.m[0][2] = -s, r.m[2][0] = s, r.m[2][2] = c;
    return r;
}

Matrix Matrix::rotationZ(float angle) {
    const float c = std::cos(angle), s = std::sin(angle);
    Matrix r = identity();
    r.m[0][0] = c, r.m[0][1] = s, r.m[1][0] = -s, r.m[1][1] = c;
    return r;
}

Matrix Matrix::scaling(float x, float y, float z) {
    Matrix r;
    r.m[0][0] = x, r.m[1][1] = y, r.m[2][2] = z, r.m[3][3] = 1;
    return r;
}

Matrix Matrix::translation(float x, float y, float z) {
    Matrix r = identity();
    r.m[3][0] = x, r.m[3][1] = y, r.m[3][2] = z;
    return r;
}

Matrix Matrix::perspective(float fovY, float aspect, float zn, float zf) {
    const float yScale = 1.0f / std::tan(fovY / 2), q = zf / (zf - zn);
    Matrix r;
    r.m[0][0] = yScale / aspect, r.m[1][1] = yScale;
    r.m[2][2] = q, r.m[2][3] = 1, r.m[3][2] = -zn * q;
    return r;
}

Matrix Matrix::operator*(const Matrix& o) const {
    Matrix r;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            for (int k = 0; k < 4; ++k)
                r.m[i][j] += m[i][k] * o.m[k][j];
    return r;
}

Matrix Matrix::transposed() const {
    Matrix r;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            r.m[i][j] = m[j][i];
    return r;
}

} // namespace demo
